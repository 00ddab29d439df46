import { eventWizardFlow } from './flows/eventWizard.flow';
import { modelTests } from './harness';

modelTests(eventWizardFlow);
