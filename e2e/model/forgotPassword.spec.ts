import { forgotPasswordFlow } from './flows/forgotPassword.flow';
import { modelTests } from './harness';

modelTests(forgotPasswordFlow);
