import { signupFlow } from './flows/signup.flow';
import { modelTests } from './harness';

modelTests(signupFlow);
