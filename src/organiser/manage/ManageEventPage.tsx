import { Switch } from '@ark-ui/react/switch';
import { Tabs } from '@ark-ui/react/tabs';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type {
  GuestlistCheckinFilter,
  GuestlistResponse,
  OrganiserEvent,
  SalesResponse,
} from '../../../contract/organiser';
import type { PayoutAccount } from '../../../contract/payouts';
import type { OrganiserTicket } from '../../../contract/tickets';
import { eventManagementMachine } from '../../../machines/eventManagement.machine';
import * as account from '../../account/AccountSettings.css';
import {
  duplicateEvent,
  publishEvent,
  saveTicketEmailMessage,
  sendTestEmail,
  setSalesLive,
} from '../../api/organiser';
import { CheckinTab } from '../../checkin/CheckinTab';
import { Button } from '../../ui/Button';
import { notifyAction } from '../../ui/notify';
import * as styles from '../organiser.css';
import { eventDateText, placeText } from '../ticketFormat';
import { AppearanceTab } from './AppearanceTab';
import { CashUpPanel } from './CashUpPanel';
import { DetailsTab } from './DetailsTab';
import { GuestlistTab } from './GuestlistTab';
import { MessagesTab } from './MessagesTab';
import { PromotersTab } from './PromotersTab';
import { SalesTab } from './SalesTab';
import { TeamTab } from './TeamTab';
import { TicketsTab } from './TicketsTab';
import { MANAGE_TABS, type ManageTab, mayEdit, tabAllowed, type ViewerRole } from './tabs';

type Props = {
  tab: ManageTab;
  q: string;
  checkin: GuestlistCheckinFilter | undefined;
  event: OrganiserEvent;
  tickets: OrganiserTicket[];
  payoutAccount: PayoutAccount | null;
  /** false when the account is the event owner's, shown to a co-organiser. */
  payoutYours: boolean;
  guestlist: GuestlistResponse | null;
  sales: SalesResponse | null;
  /** The viewer's role on the event: its owner, or a team member's role. */
  role: ViewerRole;
};

export type ManagementActor = ReturnType<typeof useManagement>;

function useManagement(event: OrganiserEvent) {
  const router = useRouter();
  const navigate = useNavigate();
  return useActorRef(
    eventManagementMachine.provide({
      actors: {
        setPublished: fromPromise(
          async ({ input }) => (await publishEvent(input.eventId, input.publish)).event,
        ),
        duplicate: fromPromise(async ({ input }) => (await duplicateEvent(input.eventId)).event),
        setSalesLive: fromPromise(async ({ input }) => (await setSalesLive(input.eventId, input.live)).event),
        saveEmailMessage: fromPromise(
          async ({ input }) => (await saveTicketEmailMessage(input.eventId, input.message)).event,
        ),
        sendTestEmail: fromPromise(({ input }) => sendTestEmail(input.eventId, input.email)),
      },
      actions: {
        notify: notifyAction,
        refresh: () => void router.invalidate(),
        openCopy: (_, { eventId }) =>
          void navigate({ to: '/profile-event/$tab/$eventId', params: { tab: 'Details', eventId } }),
      },
    }),
    { input: { event } },
  );
}

/** /profile-event/{tab}/{eventId}: header, then the five tabs. */
export function ManageEventPage(props: Props) {
  const { tab, event } = props;
  const navigate = useNavigate();
  const actor = useManagement(event);
  // Each role sees its own tabs (decision 043); only those who may edit get the header's actions.
  const { role } = props;
  const editor = mayEdit(role);
  const publishing = useSelector(actor, (s) => s.matches({ publishing: 'busy' }));
  const duplicating = useSelector(actor, (s) => s.matches({ duplicating: 'busy' }));
  const published = event.status === 'published';

  return (
    <main id="main" className={styles.widePage}>
      <header className={styles.card}>
        <div className={styles.actionsSpread}>
          <div>
            <h1 className={styles.title}>{event.eventName}</h1>
            <p className={styles.lead}>
              {eventDateText(event.startDate)}, {event.startTime} · {placeText(event)}
            </p>
          </div>
          <span className={published ? styles.badgeGood : styles.badgeWarn}>
            {published ? 'Published' : 'Draft'}
          </span>
        </div>
        {event.needsDates && (
          <p className={styles.errorText}>This is a copy: set its new dates in Details before publishing.</p>
        )}
        {editor && (
          <div className={styles.actionsSpread}>
            <Switch.Root
              className={account.switchRoot}
              checked={published}
              disabled={publishing}
              onCheckedChange={({ checked }) => actor.send({ type: 'publish.set', publish: checked })}
            >
              <Switch.Control className={account.switchControl}>
                <Switch.Thumb className={account.switchThumb} />
              </Switch.Control>
              <Switch.Label>Publish your event</Switch.Label>
              <Switch.HiddenInput />
            </Switch.Root>
            <div className={styles.actions}>
              {published && (
                <Button
                  tone="ghost"
                  size="sm"
                  onClick={() => window.open(`/event-details/${event._id}`, '_self')}
                >
                  View event page
                </Button>
              )}
              <Button
                tone="secondary"
                size="sm"
                busy={duplicating}
                onClick={() => actor.send({ type: 'duplicate' })}
              >
                Duplicate event
              </Button>
            </div>
          </div>
        )}
      </header>
      <Tabs.Root
        value={tab}
        lazyMount
        unmountOnExit
        onValueChange={({ value }) =>
          void navigate({ to: '/profile-event/$tab/$eventId', params: { tab: value, eventId: event._id } })
        }
      >
        <Tabs.List className={account.tabList} aria-label="Manage event">
          {MANAGE_TABS.filter((t) => tabAllowed(t, role)).map((t) => (
            <Tabs.Trigger key={t} value={t} className={account.tab}>
              {t === 'Checkin' ? 'Check-in' : t}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="Details" className={styles.tabPanel}>
          <DetailsTab key={`${event._id}-${event.createdAt}`} event={event} />
        </Tabs.Content>
        <Tabs.Content value="Tickets" className={styles.tabPanel}>
          <TicketsTab {...props} actor={actor} />
        </Tabs.Content>
        <Tabs.Content value="Appearance" className={styles.tabPanel}>
          <AppearanceTab event={event} />
        </Tabs.Content>
        <Tabs.Content value="Guestlist" className={styles.tabPanel}>
          {props.guestlist && (
            // A new filter is a new list from the loader: a fresh tab (and machine) starts from it.
            <GuestlistTab
              key={`${props.q}|${props.checkin ?? ''}`}
              eventId={event._id}
              q={props.q}
              checkin={props.checkin}
              guestlist={props.guestlist}
              canRefund={tabAllowed('Sales', role)}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="Sales" className={styles.tabPanel}>
          {props.sales && <SalesTab eventId={event._id} sales={props.sales} />}
          {tab === 'Sales' && (role === 'organiser' || role === 'finance') && (
            <CashUpPanel eventId={event._id} />
          )}
        </Tabs.Content>
        <Tabs.Content value="Checkin" className={styles.tabPanel}>
          {tab === 'Checkin' && <CheckinTab eventId={event._id} owner={role === 'organiser'} />}
        </Tabs.Content>
        <Tabs.Content value="Team" className={styles.tabPanel}>
          {tab === 'Team' && <TeamTab eventId={event._id} />}
        </Tabs.Content>
        <Tabs.Content value="Promoters" className={styles.tabPanel}>
          {tab === 'Promoters' && (
            <PromotersTab eventId={event._id} tickets={props.tickets} canEdit={editor} />
          )}
        </Tabs.Content>
        <Tabs.Content value="Messages" className={styles.tabPanel}>
          {tab === 'Messages' && <MessagesTab eventId={event._id} />}
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
