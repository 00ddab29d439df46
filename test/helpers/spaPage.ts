/** The stand-in for the built app's index.html that page-serving API tests serve, and their dates. */
export const APP_URL = 'https://gatepass.example';

export function lagosDateInDays(days: number): string {
  const d = new Date(Date.now() + 60 * 60 * 1000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const INDEX_HTML = `<!doctype html>
<html lang="en-NG">
  <head>
    <meta name="description" content="Default description" />
    <!--gatepass:meta-->
    <title>Gatepass — events and tickets for Nigeria</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
