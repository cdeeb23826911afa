# Sourced by the MySQL image's entrypoint on the first start (docker-entrypoint-initdb.d): one
# database per service that keeps data, and a user of the same name with rights on that
# database alone, its password from IDENTITY_DB_PASSWORD, JOURNALS_DB_PASSWORD, GOALS_DB_PASSWORD,
# MEDIA_DB_PASSWORD, REMINDERS_DB_PASSWORD.
# Not executable on purpose: sourced, it can use the entrypoint's docker_process_sql. Outside
# the image (tests), MYSQL_CLIENT names the client command and DAYFRAME_DB_PREFIX a name prefix.

dayframe_sql_string() {
  # A SQL string literal: backslashes and quotes doubled.
  printf "'%s'" "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e "s/'/''/g")"
}

dayframe_run_sql() {
  if [ -n "${MYSQL_CLIENT:-}" ]; then
    $MYSQL_CLIENT
  else
    docker_process_sql --database=mysql
  fi
}

dayframe_password_of() {
  eval "printf '%s' \"\${$(printf '%s' "$1" | tr '[:lower:]' '[:upper:]')_DB_PASSWORD:-}\""
}

# Every password first: a half-made set of users is worse than none.
for dayframe_service in identity journals goals media reminders; do
  if [ -z "$(dayframe_password_of "$dayframe_service")" ]; then
    echo "init-databases: $(printf '%s' "$dayframe_service" | tr '[:lower:]' '[:upper:]')_DB_PASSWORD is not set" >&2
    exit 1
  fi
done

for dayframe_service in identity journals goals media reminders; do
  dayframe_password="$(dayframe_password_of "$dayframe_service")"
  dayframe_name="${DAYFRAME_DB_PREFIX:-}$dayframe_service"
  dayframe_run_sql <<SQL || exit 1
CREATE DATABASE IF NOT EXISTS \`$dayframe_name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$dayframe_name'@'%' IDENTIFIED BY $(dayframe_sql_string "$dayframe_password");
GRANT ALL PRIVILEGES ON \`$dayframe_name\`.* TO '$dayframe_name'@'%';
SQL
  echo "init-databases: database and user $dayframe_name ready"
done
unset dayframe_service dayframe_password dayframe_name
