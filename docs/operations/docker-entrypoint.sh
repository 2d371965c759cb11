#!/bin/sh
# Writes /etc/nginx/conf.d/mfe.conf and the validated /etc/mfe/config.json from MFE_* variables.
set -eu
node /opt/mfe/server-config.cjs --config-from-env ${MFE_CONFIG_FILE:+--config "$MFE_CONFIG_FILE"} \
  --host-root /usr/share/nginx/html --manifest-file "${MFE_MANIFEST_FILE:-/usr/share/nginx/html/remotes.json}" \
  --listen "${MFE_LISTEN:-8080}" ${MFE_HTTPS:+--https} --out /etc/mfe
ln -sf /etc/mfe/mfe.conf /etc/nginx/conf.d/mfe.conf
