// Staff tag an idea: one checkbox per tag (staff-only tags marked), saved as they change.
import { useStore } from '@nanostores/react';
import { translator } from '../../i18n/current';
import { $staffPost, setTags } from './staff';

export interface TagOption {
  id: string;
  name: string;
  staff_only: boolean;
}

export default function StaffTags({ tags }: { tags: TagOption[] }) {
  const t = translator('staffTools');
  const post = useStore($staffPost);
  if (tags.length === 0) return null;
  const chosen = post?.tags ?? [];
  const staffOnly = tags.filter((tag) => tag.staff_only).map((tag) => tag.id);
  function toggle(id: string, on: boolean) {
    void setTags(on ? [...chosen, id] : chosen.filter((t) => t !== id), staffOnly);
  }
  return (
    <fieldset className="staff-tags">
      <legend>{t('tags')}</legend>
      {tags.map((tag) => (
        <label key={tag.id} className="checkbox">
          <input type="checkbox" checked={chosen.includes(tag.id)} onChange={(e) => toggle(tag.id, e.target.checked)} />
          {tag.name}
          {tag.staff_only && <span className="muted"> {t('staffOnlyTag')}</span>}
        </label>
      ))}
    </fieldset>
  );
}
