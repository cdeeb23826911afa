// This remote alone, for development (npm run dev inside it).
import { mountStandalone } from '@dayframe/web-kit/standalone';
import Routes from './routes.tsx';
import './standalone.css';

mountStandalone({ name: 'mfe_calendar', paths: ['/calendar'], routes: Routes });
