import { teamAcceptFlow, teamAcceptNoTokenFlow } from './flows/teamAccept.flow';
import { modelTests } from './harness';

modelTests(teamAcceptFlow);
modelTests(teamAcceptNoTokenFlow);
