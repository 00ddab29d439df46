/**
 * The .ics download of an event (a plain link: the browser saves the file). Apart from events.ts so
 * the event page's first load, which only needs the link, does not bring the API client and the
 * events contract with it (their schemas are built when their module is evaluated; decision 069).
 */
export const calendarUrl = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
