import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

/** Where the page the server is drawing sends its visitor instead: the first redirect it rendered. */
export interface ServerRedirect {
  to: string | undefined;
}

const ServerRedirectContext = createContext<ServerRedirect | undefined>(undefined);

/** Given by src/web/entry-server.tsx, which answers a page that redirects with an HTTP redirect. */
export const ServerRedirectProvider = ServerRedirectContext.Provider;

/**
 * Sends the visitor to `to` in place of the current address. In the browser the router does it; on the
 * server, where a router's <Navigate> can do nothing, the address is handed to the server, which answers
 * with a redirect instead of a page.
 */
export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirectContext);
  if (server) {
    server.to ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
