import { FileUpload } from '@ark-ui/react/file-upload';
import { POSTER_MAX_BYTES } from '../../contract/organiser';
import { button } from '../ui/button.css';
import * as styles from './organiser.css';

type Props = {
  label: string;
  previewUrl: string | null;
  disabled?: boolean;
  onSelect: (file: File, previewUrl: string) => void;
  onReject: (reason: string) => void;
};

/**
 * An image picker (Ark FileUpload): image files only, at most 5 MB, shown at once from a local
 * object URL. The server checks the content again (a renamed text file is refused there).
 */
export function PosterUpload({ label, previewUrl, disabled, onSelect, onReject }: Props) {
  return (
    <FileUpload.Root
      className={styles.upload}
      accept="image/*"
      maxFiles={1}
      maxFileSize={POSTER_MAX_BYTES}
      disabled={disabled}
      onFileAccept={({ files }) => {
        const file = files[0];
        if (file) onSelect(file, URL.createObjectURL(file));
      }}
      onFileReject={({ files }) => {
        // Ark also reports the rejected list emptying (a good file chosen after a refused one):
        // that is no rejection, and must not bring the old note back.
        if (files.length === 0) return;
        const errors = files[0]?.errors ?? [];
        onReject(
          errors.includes('FILE_TOO_LARGE')
            ? 'The image is larger than 5 MB.'
            : 'Only image files can be uploaded (JPEG, PNG, WebP, GIF).',
        );
      }}
    >
      <FileUpload.Label className={styles.legend}>{label}</FileUpload.Label>
      <FileUpload.Dropzone className={styles.dropzone}>
        {previewUrl ? (
          <img src={previewUrl} alt="Selected poster preview" className={styles.preview} />
        ) : (
          <>
            <svg
              viewBox="0 0 24 24"
              width="40"
              height="40"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
            >
              <path d="M4 16l4-4 4 4 4-6 4 6M4 4h16v16H4z" strokeWidth="1.6" strokeLinejoin="round" />
            </svg>
            <span>Drag an image here, or use the button below</span>
          </>
        )}
        <span className={styles.note}>PNG, JPEG, WebP or GIF, at most 5 MB</span>
      </FileUpload.Dropzone>
      {/* A real button's look: as a badge it read as a label, not as the way to pick a file. */}
      <FileUpload.Trigger className={`${button({ tone: 'secondary', size: 'sm' })} ${styles.uploadTrigger}`}>
        {previewUrl ? 'Choose another image' : 'Choose an image'}
      </FileUpload.Trigger>
      <FileUpload.HiddenInput data-testid="poster-input" />
    </FileUpload.Root>
  );
}
