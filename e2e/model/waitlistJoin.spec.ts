import { waitlistJoinFlow } from './flows/waitlistJoin.flow';
import { modelTests } from './harness';

modelTests(waitlistJoinFlow);
