import { auditEveryScreen } from './_accessibility.ts';

auditEveryScreen({ theme: 'light', size: 'phone' });
