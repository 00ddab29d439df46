import { resetPasswordFlow } from './flows/resetPassword.flow';
import { modelTests } from './harness';

modelTests(resetPasswordFlow);
