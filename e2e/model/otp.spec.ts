import { otpFlow } from './flows/otp.flow';
import { modelTests } from './harness';

modelTests(otpFlow);
