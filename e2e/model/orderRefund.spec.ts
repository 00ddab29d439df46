import { orderRefundFlow } from './flows/orderRefund.flow';
import { modelTests } from './harness';

modelTests(orderRefundFlow);
