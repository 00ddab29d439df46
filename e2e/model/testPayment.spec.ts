import { testPaymentFlow } from './flows/testPayment.flow';
import { modelTests } from './harness';

modelTests(testPaymentFlow);
