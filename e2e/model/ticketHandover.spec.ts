import { ticketHandoverFlow } from './flows/ticketHandover.flow';
import { modelTests } from './harness';

modelTests(ticketHandoverFlow);
