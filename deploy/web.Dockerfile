# One static image per front end (the shell or a remote), chosen by APP. The build step is the
# one the tests run: `npm ci`, then `npm run build -w <app>`. The image serves that app's own
# build and nothing else: only APP's dist/ is copied into the nginx stage.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
ARG APP
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w ${APP}

# Debian's nginx, because it has a brotli module (the official images have none): the build's
# .br copies are served as they are, gzip's to browsers without brotli. It runs as user 101 (as
# the Kubernetes manifests expect) and writes only to conf.d and /tmp.
FROM debian:bookworm-slim
ARG APP
ARG ROLE=remote
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static gettext-base wget \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /etc/nginx/modules-enabled \
  && groupadd --system --gid 101 web \
  && useradd --system --uid 101 --gid 101 --no-create-home --shell /usr/sbin/nologin web \
  && mkdir -p /etc/nginx/templates \
  && chown web:web /etc/nginx/conf.d
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/start.sh /usr/local/bin/start-nginx
COPY deploy/nginx/${ROLE}.conf.template /etc/nginx/templates/default.conf.template
COPY deploy/nginx/${ROLE}-headers.inc.template /etc/nginx/templates/${ROLE}-headers.inc.template
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
USER web
EXPOSE 8080
STOPSIGNAL SIGQUIT
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
CMD ["start-nginx"]
