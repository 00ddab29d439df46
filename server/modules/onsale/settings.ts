import { instantToLagos, lagosToInstant } from '../../../contract/lagosTime';
import { ONSALE_MESSAGES, type OnsaleSettings, type OnsaleSettingsRequest } from '../../../contract/onsale';
import type { Tx } from '../../db/query';
import { HttpError } from '../../http/errors';
import { MESSAGES } from '../orders/messages';
import { readSettings, type SettingsRow, writeSettings } from './data';
import { type RoomSettings, roomOn, seatsOf } from './room';

/** The organiser's on-sale settings (decision 059): the on-sale time, the room's mode and its rate. */

function present(row: SettingsRow, settings: RoomSettings): OnsaleSettings {
  const onsaleAt = row.opensMs === null ? null : new Date(row.opensMs);
  return {
    opensAt: onsaleAt ? instantToLagos(onsaleAt) : null,
    waitingRoom: row.waitingRoom,
    admitPerSecond: row.admitPerSecond,
    roomOn: roomOn({ ...row, onsaleAt }, row.types, settings),
    seats: seatsOf(row, row.types),
    autoSeats: settings.autoSeats,
    deploymentAdmitPerSecond: settings.admitPerSecond,
    queued: row.queued,
  };
}

async function mustRead(db: Tx, eventId: string): Promise<SettingsRow> {
  const row = await readSettings(db, eventId);
  if (!row) throw new HttpError(404, MESSAGES.eventNotFound);
  return row;
}

export async function readOnsaleSettings(db: Tx, settings: RoomSettings, eventId: string) {
  return present(await mustRead(db, eventId), settings);
}

export async function saveOnsaleSettings(
  db: Tx,
  settings: RoomSettings,
  eventId: string,
  body: OnsaleSettingsRequest,
): Promise<OnsaleSettings> {
  const current = await mustRead(db, eventId);
  const opensAt = body.opensAt ? lagosToInstant(body.opensAt) : null;
  if (body.waitingRoom === 'on' && !opensAt) throw new HttpError(400, ONSALE_MESSAGES.needsTime);
  // The draw ranked everyone who came before that instant: moving it afterwards would rewrite who
  // counted as early, so it is fixed once drawn.
  if (current.drawn && (opensAt?.getTime() ?? null) !== current.opensMs)
    throw new HttpError(409, ONSALE_MESSAGES.drawnAlready);
  await writeSettings(db, eventId, {
    opensAt,
    waitingRoom: body.waitingRoom,
    admitPerSecond: body.admitPerSecond,
  });
  return present(await mustRead(db, eventId), settings);
}
