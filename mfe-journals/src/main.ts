// The remote's standalone page, an ordinary build without federation (see createRemoteConfig).
import './standalone.tsx';
