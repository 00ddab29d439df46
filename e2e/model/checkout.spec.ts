import { checkoutFlow } from './flows/checkout.flow';
import { checkoutReloadContactFlow, checkoutReloadSelectionFlow } from './flows/checkoutReload.flow';
import { checkoutReturnFlow } from './flows/checkoutReturn.flow';
import { modelTests } from './harness';

// One spec for the four ways into the checkout: they share the event, the code and the mapping.
modelTests(checkoutFlow);
modelTests(checkoutReturnFlow);
modelTests(checkoutReloadContactFlow);
modelTests(checkoutReloadSelectionFlow);
