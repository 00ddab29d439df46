import { inactivityFlow } from './flows/inactivity.flow';
import { modelTests } from './harness';

modelTests(inactivityFlow);
