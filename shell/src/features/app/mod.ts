// The signed-in app's front door: the layout around every signed-in screen.
export { AppLayout } from './components/app-layout.tsx';
