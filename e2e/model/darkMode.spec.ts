import { darkModeFlow } from './flows/darkMode.flow';
import { modelTests } from './harness';

modelTests(darkModeFlow);
