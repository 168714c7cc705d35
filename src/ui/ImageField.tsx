// A labelled image upload (an avatar, a logo, a cover) in the one field frame: its own file, so the forms without an
// upload (the sign-in steps) never load the file picker.
import { translator } from '../i18n/current';
import { FieldFrame, type FrameProps } from './FieldFrame';
import FilePicker from './FilePicker';

/** The image types a photo or picture field takes unless it says otherwise. */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

interface ImageProps extends Omit<FrameProps, 'children' | 'labelId'> {
  name: string;
  accept?: string;
}

/** A labelled image upload (an avatar, a logo, a cover): the file picker names itself by the field's label. */
export function ImageField({ name, accept = PHOTO_TYPES, ...frame }: ImageProps) {
  const labelId = `${frame.id}-label`;
  return (
    <FieldFrame {...frame} labelId={labelId}>
      {(control) => (
        <FilePicker
          {...control}
          name={name}
          fieldLabel={labelId}
          buttonLabel={translator('filePicker')('chooseImage')}
          accept={accept}
        />
      )}
    </FieldFrame>
  );
}
