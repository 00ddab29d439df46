import { loginFlow } from './flows/login.flow';
import { modelTests } from './harness';

modelTests(loginFlow);
