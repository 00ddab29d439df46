import { faqFlow } from './flows/faq.flow';
import { modelTests } from './harness';

modelTests(faqFlow);
