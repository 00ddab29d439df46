import { test } from '@playwright/test';
import { doorScannerFlow } from './flows/doorScanner.flow';
import { modelTests } from './harness';

// The scanner page registers a service worker (the app shell offline); once it controls the page
// its fetches bypass page.route, so the held calls would not be held. No path reloads the page.
test.use({ serviceWorkers: 'block' });
modelTests(doorScannerFlow);
