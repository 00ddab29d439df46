import { quickCheckoutFlow } from './flows/quickCheckout.flow';
import { modelTests } from './harness';

modelTests(quickCheckoutFlow);
