#!/bin/sh
# The web images' entry point: renders each template into conf.d with the environment's values,
# then runs nginx in the foreground. Only variables that are set are replaced, so nginx's own
# ($remote_addr, $uri) stay as they are. deploy/nginx.test.ts renders with this script too
# (--render-only, into folders of its own).
set -eu
# Source maps are answered 404 unless asked for (the templates read it; unset would stay literal).
SERVE_SOURCE_MAPS=${SERVE_SOURCE_MAPS:-false}
export SERVE_SOURCE_MAPS
templates=${NGINX_TEMPLATES:-/etc/nginx/templates}
conf=${NGINX_CONF_D:-/etc/nginx/conf.d}
set_vars=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
for template in "$templates"/*.template; do
  envsubst "$set_vars" <"$template" >"$conf/$(basename "$template" .template)"
done
[ "${1:-}" = "--render-only" ] && exit 0
exec nginx -e stderr -g 'daemon off;'
