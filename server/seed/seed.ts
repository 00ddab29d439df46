import { count, sql } from 'drizzle-orm';
import { nairaToKobo } from '../../contract/money';
import type { AppDeps } from '../context';
import { events, orderItems, orders, payoutAccounts, ticketTypes, uploads, users } from '../db/schema';
import { issueTickets } from '../modules/issued-tickets/issue';
import type { TicketSigner } from '../modules/issued-tickets/signing';
import { hashPassword } from '../modules/users/password';
import { renderPoster } from './posters';
import { SAMPLE_BUYERS, SAMPLE_EVENTS, SAMPLE_ORGANISER } from './sample-events';

function isoDateInDays(days: number): string {
  // Lagos is UTC+1 all year; shift before taking the calendar date.
  const lagosNow = new Date(Date.now() + 60 * 60 * 1000);
  lagosNow.setUTCDate(lagosNow.getUTCDate() + days);
  return lagosNow.toISOString().slice(0, 10);
}

/**
 * Loads the sample organiser, the six sample events and their tickets into an empty database,
 * with a few paid orders from the last two weeks, each with its signed tickets (so the Guestlist,
 * the door list and the counters show what a real sale leaves behind). Does nothing when any user
 * exists, so a restart never duplicates data and real data is never touched.
 */
export async function seedSampleData(deps: AppDeps, signer: TicketSigner): Promise<boolean> {
  const { db, storage } = deps;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  const posters = await Promise.all(
    SAMPLE_EVENTS.map(async (e) =>
      storage.put('posters', 'webp', await renderPoster(e.eventName.split(':')[0]!, e.tagline, e.poster)),
    ),
  );
  const passwordHash = await hashPassword(SAMPLE_ORGANISER.password);

  await db.transaction(async (tx) => {
    const [organiser] = await tx
      .insert(users)
      .values({
        firstName: SAMPLE_ORGANISER.firstName,
        lastName: SAMPLE_ORGANISER.lastName,
        username: SAMPLE_ORGANISER.username,
        email: SAMPLE_ORGANISER.email,
        passwordHash,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });

    // The posters are the sample organiser's uploads, like any organiser's (images/ownership.ts).
    await tx.insert(uploads).values(posters.map((key) => ({ key, ownerId: organiser!.id })));

    // The sample organiser sells paid tickets, so they have a payout account (test mode).
    await tx.insert(payoutAccounts).values({
      userId: organiser!.id,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456789',
      accountName: 'ADA OKAFOR',
      providerMode: 'test',
    });

    for (const [index, sample] of SAMPLE_EVENTS.entries()) {
      const [event] = await tx
        .insert(events)
        .values({
          organiserId: organiser!.id,
          eventName: sample.eventName,
          category: sample.category,
          description: sample.description,
          startDate: isoDateInDays(sample.startsInDays),
          endDate: isoDateInDays(sample.startsInDays + sample.durationDays),
          startTime: sample.startTime,
          endTime: sample.endTime,
          eventLocation: sample.eventLocation,
          url: sample.url,
          country: sample.eventLocation === 'online' ? null : 'Nigeria',
          state: sample.state,
          location: sample.location,
          imageKey: posters[index]!,
          status: 'published',
          socials: {
            website: sample.socials.website ?? null,
            twitter: sample.socials.twitter ?? null,
            instagram: sample.socials.instagram ?? null,
            whatsapp: null,
            facebook: null,
            telegram: null,
          },
          // Spread creation times so "new events" has a real order.
          createdAt: sql`now() - make_interval(days => ${SAMPLE_EVENTS.length - index})`,
        })
        .returning({ id: events.id });

      for (const t of sample.tickets) {
        const priceKobo = nairaToKobo(t.price);
        const [ticket] = await tx
          .insert(ticketTypes)
          .values({
            eventId: event!.id,
            ticketName: t.ticketName,
            priceKobo,
            ticketDescription: t.description,
            ticketType: priceKobo === 0 ? 'free' : 'paid',
            ticketStock: t.capacity === null ? 'unlimited' : 'limited',
            capacity: t.capacity,
            sold: t.recentlySold,
            purchaseLimit: 10,
            benefits: t.benefits,
          })
          .returning({ id: ticketTypes.id });

        // Split the sold count into a few orders from different buyers over the last fortnight.
        let remaining = t.recentlySold;
        let n = 0;
        while (remaining > 0) {
          const quantity = Math.min(remaining, 1 + ((n * 3 + index) % 4));
          remaining -= quantity;
          const buyer = SAMPLE_BUYERS[(n + index) % SAMPLE_BUYERS.length]!;
          const daysAgo = (n * 5 + index) % 14;
          const [order] = await tx
            .insert(orders)
            .values({
              eventId: event!.id,
              buyerFirstName: buyer.firstName,
              buyerLastName: buyer.lastName,
              buyerEmail: buyer.email,
              status: 'paid',
              totalKobo: priceKobo * quantity,
              createdAt: sql`now() - make_interval(days => ${daysAgo})`,
              paidAt: sql`now() - make_interval(days => ${daysAgo})`,
            })
            .returning();
          await tx
            .insert(orderItems)
            .values({ orderId: order!.id, ticketTypeId: ticket!.id, quantity, unitPriceKobo: priceKobo });
          await issueTickets(tx, signer, order!);
          n += 1;
        }
      }
    }
  });
  return true;
}
