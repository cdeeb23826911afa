// Module Federation negotiates the shared singletons before any of them is used, so the app
// itself starts in a separate chunk.
import('./bootstrap.tsx');
