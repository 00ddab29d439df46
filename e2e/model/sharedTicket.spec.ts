import { sharedTicketFlow } from './flows/sharedTicket.flow';
import { modelTests } from './harness';

modelTests(sharedTicketFlow);
