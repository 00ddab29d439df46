import {
  checkoutFlow,
  checkoutReloadContactFlow,
  checkoutReloadSelectionFlow,
  checkoutReturnFlow,
} from './flows/checkout.flow';
import { modelTests } from './harness';

// One spec for the four ways into the checkout: they share the event, the code and the mapping.
modelTests(checkoutFlow);
modelTests(checkoutReturnFlow);
modelTests(checkoutReloadContactFlow);
modelTests(checkoutReloadSelectionFlow);
