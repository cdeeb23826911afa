import { auditEveryScreen } from './_accessibility.ts';

auditEveryScreen({ theme: 'dark', size: 'phone' });
