import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { OrganiserEvent } from '../../../contract/organiser';
import { posterUpdateMachine } from '../../../machines/posterUpdate.machine';
import { uploadPoster } from '../../api/organiser';
import { posterSrc } from '../../events/posterUrl';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import { notifyAction } from '../../ui/notify';
import * as styles from '../organiser.css';
import { PosterUpload } from '../PosterUpload';

/** The Appearance tab: replace the poster (local preview), 'Image Updated'. Publishing is unchanged. */
export function AppearanceTab({ event }: { event: OrganiserEvent }) {
  const router = useRouter();
  const actor = useActorRef(
    posterUpdateMachine.provide({
      actors: {
        uploadImage: fromPromise(({ input }) =>
          uploadPoster(event._id, input.file as File, event.status === 'published'),
        ),
      },
      actions: {
        notify: notifyAction,
        refresh: () => void router.invalidate(),
      },
    }),
  );
  const image = useSelector(actor, (s) => s.context.image);
  const message = useSelector(actor, (s) => s.context.message);
  const uploading = useSelector(actor, (s) => s.matches('uploading'));
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
        previewUrl={image?.previewUrl ?? posterSrc(event.image, 960)}
        disabled={uploading}
        onSelect={(file, previewUrl) => actor.send({ type: 'image.select', file, previewUrl })}
        onReject={(reason) => actor.send({ type: 'image.reject', reason })}
      />
      <FormAlert tone="error">{message}</FormAlert>
      <div className={styles.actions}>
        <Button type="submit" busy={uploading}>
          Save
        </Button>
      </div>
    </form>
  );
}
