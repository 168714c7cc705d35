// The composer's images: previews with remove buttons, the picker, and why a file was refused.

import { useEffect, useId, useMemo } from 'react';
import { translator } from '../../i18n/current';
import FilePicker from '../../ui/FilePicker';
import { addImages, removeImage } from './composer';
import { MAX_IMAGES } from './image-files';

export default function ComposerImages({ images, errors }: { images: File[]; errors: string[] }) {
  const id = useId();
  const t = translator('composer');
  const urls = useMemo(() => images.map((file) => URL.createObjectURL(file)), [images]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return (
    <div className="field">
      <label htmlFor={`${id}-images`} id={`${id}-images-label`}>
        {t('images', { max: MAX_IMAGES })}
      </label>
      <p className="muted">{t('imagesHint')}</p>
      <FilePicker
        id={`${id}-images`}
        fieldLabel={`${id}-images-label`}
        buttonLabel={translator('filePicker')('chooseImages')}
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif"
        chosen={images}
        onFiles={(files) => void addImages(files)}
      />
      {errors.length > 0 && (
        <ul className="field-error" role="alert" data-testid="image-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {images.length > 0 && (
        <ul className="composer-images">
          {images.map((file, index) => (
            <li key={urls[index]}>
              <img
                src={urls[index]}
                alt={t('attachment', { number: index + 1, name: file.name })}
                width={96}
                height={96}
              />
              <button type="button" className="button link" onClick={() => removeImage(index)}>
                {t('removeImage', { number: index + 1 })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
