import { useSelector } from '@xstate/react';
import { Button } from '../../ui/Button';
import { CheckboxField, FormAlert } from '../../ui/Field';
import * as styles from '../organiser.css';
import { PosterUpload } from '../PosterUpload';
import type { WizardActor } from '../WizardPage';
import { PosterPreviews } from './PosterPreviews';

/** Step 3: the poster, 'Publish now', then /events/all 2 s after the upload. */
export function AppearanceStep({ actor }: { actor: WizardActor }) {
  const image = useSelector(actor, (s) => s.context.image);
  const publish = useSelector(actor, (s) => s.context.publish);
  const published = useSelector(actor, (s) => s.context.published);
  const message = useSelector(actor, (s) => s.context.message);
  const uploading = useSelector(actor, (s) => s.matches({ appearance: 'uploading' }));
  const uploaded = useSelector(actor, (s) => s.matches({ appearance: 'uploaded' }) || s.matches('done'));
  return (
    <form
      className={styles.card}
      noValidate
      aria-label="Event poster"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'image.submit' });
      }}
    >
      <PosterUpload
        label="Event poster"
        previewUrl={image?.previewUrl ?? null}
        disabled={uploading || uploaded}
        onSelect={(file, previewUrl) => actor.send({ type: 'image.select', file, previewUrl })}
        onReject={(reason) => actor.send({ type: 'image.reject', reason })}
      />
      <PosterPreviews url={image?.previewUrl ?? null} />
      <CheckboxField
        label="Publish now (guests can find the event and get tickets)"
        checked={publish}
        disabled={uploading || uploaded}
        onCheckedChange={() => actor.send({ type: 'publish.toggle' })}
      />
      <FormAlert tone="error">{message}</FormAlert>
      {uploaded && (
        <FormAlert tone="success">
          {published
            ? 'Your event is live! Taking you to its link to share…'
            : 'Poster saved. Your event is a draft. Taking you to the events…'}
        </FormAlert>
      )}
      <div className={styles.actionsSpread}>
        <Button
          tone="secondary"
          onClick={() => actor.send({ type: 'step.back' })}
          disabled={uploading || uploaded}
        >
          Back
        </Button>
        <Button type="submit" busy={uploading} disabled={uploaded}>
          {publish ? 'Upload and publish' : 'Upload and save draft'}
        </Button>
      </div>
    </form>
  );
}
