/**
 * The apps' router: react-router's declarative parts, given to every app by the web kit.
 *
 * Why here and not a shared `react-router`: Module Federation shares a package whole, since a
 * remote may use any export, and the whole of react-router (data routers, SSR helpers, …) is
 * about 60 KB gzipped. Re-exported from the shared web kit, the page carries only what is named
 * below (about 14 KB), once, and the shell and every remote still read one router context.
 * Import these from `@dayframe/web-kit`, never from `react-router`: eslint refuses the latter,
 * because a remote bundling a router of its own would find no routes and no location.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
