// Shared singletons are negotiated before the app starts, hence the asynchronous boundary.
import('./standalone.tsx');
