#!/usr/bin/env bash
# Local single-node Apache Kafka broker (KRaft, broker+controller) for obsline.
#
#   deploy/kafka/local.sh fetch    resolve the Kafka jars with Maven (once)
#   deploy/kafka/local.sh start    fetch, format storage if new, start, wait until it answers
#   deploy/kafka/local.sh stop     TERM, then KILL after a timeout; waits for the exit
#   deploy/kafka/local.sh status   exit 0 when the broker is up and answers
#   deploy/kafka/local.sh restart  stop + start
#   deploy/kafka/local.sh reset    stop and wipe the state directory
#   deploy/kafka/local.sh env      print the effective settings
#
# Environment (all optional):
#   OBSLINE_KAFKA_PORT             client port on 127.0.0.1 (default 9092)
#   OBSLINE_KAFKA_CONTROLLER_PORT  KRaft controller port (default 9093, or PORT+1 when PORT is set)
#   OBSLINE_KAFKA_HOME             state dir: data, logs, pid (default <repo>/var/kafka)
#   OBSLINE_KAFKA_VERSION          Kafka version resolved from Maven Central (default 3.9.2)
#   OBSLINE_KAFKA_HEAP_OPTS        default "-Xms256m -Xmx512m"
#   OBSLINE_KAFKA_JAVA_OPTS        extra JVM options
#   OBSLINE_KAFKA_AUTO_CREATE      auto.create.topics.enable (default true)
#   OBSLINE_KAFKA_START_TIMEOUT    seconds to wait for the broker to answer (default 90)
#   OBSLINE_KAFKA_STOP_TIMEOUT     seconds between TERM and KILL (default 30)
#   OBSLINE_KAFKA_LOG_LEVEL        root log level of the broker (default INFO)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"

KAFKA_VERSION="${OBSLINE_KAFKA_VERSION:-3.9.2}"
KAFKA_PORT="${OBSLINE_KAFKA_PORT:-9092}"
if [[ -n "${OBSLINE_KAFKA_CONTROLLER_PORT:-}" ]]; then
    CONTROLLER_PORT="$OBSLINE_KAFKA_CONTROLLER_PORT"
elif [[ "$KAFKA_PORT" == 9092 ]]; then
    CONTROLLER_PORT=9093
else
    CONTROLLER_PORT=$((KAFKA_PORT + 1))
fi
KAFKA_HOME="${OBSLINE_KAFKA_HOME:-$REPO_ROOT/var/kafka}"
HEAP_OPTS="${OBSLINE_KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"
EXTRA_JAVA_OPTS="${OBSLINE_KAFKA_JAVA_OPTS:-}"
AUTO_CREATE="${OBSLINE_KAFKA_AUTO_CREATE:-true}"
START_TIMEOUT="${OBSLINE_KAFKA_START_TIMEOUT:-90}"
STOP_TIMEOUT="${OBSLINE_KAFKA_STOP_TIMEOUT:-30}"
LOG_LEVEL="${OBSLINE_KAFKA_LOG_LEVEL:-INFO}"

POM="$SCRIPT_DIR/pom.xml"
TEMPLATE="$SCRIPT_DIR/server.properties"
LIB_DIR="$SCRIPT_DIR/target/lib/$KAFKA_VERSION"
LIB_MARKER="$LIB_DIR/.complete"

DATA_DIR="$KAFKA_HOME/data"
PROPS="$KAFKA_HOME/server.properties"
LOG4J_PROPS="$KAFKA_HOME/log4j.properties"
LOG4J2_PROPS="$KAFKA_HOME/log4j2.properties"
PID_FILE="$KAFKA_HOME/kafka.pid"
SERVER_LOG="$KAFKA_HOME/server.log"
CLUSTER_ID_FILE="$KAFKA_HOME/cluster.id"
LOCK_FILE="$KAFKA_HOME/.lock"
BOOTSTRAP="127.0.0.1:$KAFKA_PORT"

log() { echo "[kafka-local] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

java_cp() { echo "$LIB_DIR/*"; }

# --------------------------------------------------------------------- fetch
fetch() {
    if [[ -f "$LIB_MARKER" && -f "$LIB_DIR/kafka_2.13-$KAFKA_VERSION.jar" ]]; then
        return 0
    fi
    command -v mvn >/dev/null || die "mvn not found (run deploy/setup.sh or install maven)"
    log "resolving Apache Kafka $KAFKA_VERSION jars with Maven into ${LIB_DIR#"$REPO_ROOT"/}"
    rm -rf "$LIB_DIR"
    # -q still prints bare ANSI resets: strip them; the output goes to stderr
    # so that stdout of `start` is only the bootstrap address.
    mvn -B -q -Dstyle.color=never -f "$POM" package -Dkafka.version="$KAFKA_VERSION" 2>&1 \
        | sed -e 's/\x1b\[[0-9;]*m//g' -e '/^[[:space:]]*$/d' >&2 \
        || die "mvn could not resolve org.apache.kafka:kafka_2.13:$KAFKA_VERSION"
    [[ -f "$LIB_DIR/kafka_2.13-$KAFKA_VERSION.jar" ]] \
        || die "mvn finished but $LIB_DIR has no kafka_2.13-$KAFKA_VERSION.jar"
    touch "$LIB_MARKER"
}

# ------------------------------------------------------------------- helpers
# PID of our broker if it is alive, else nothing (exit 1). The process must be
# a kafka.Kafka JVM started on our properties file: a stale pid file whose
# number was reused by another process never counts.
running_pid() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    [[ "$pid" =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    local cmdline
    cmdline="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)"
    [[ "$cmdline" == *kafka.Kafka*"$PROPS"* ]] || return 1
    echo "$pid"
}

port_open() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# The broker answers a metadata request with itself as a broker.
broker_answers() {
    if command -v kcat >/dev/null; then
        timeout 10 kcat -b "$BOOTSTRAP" -L -m 5 2>/dev/null | grep -q "broker 1 at"
    else
        # Without kcat: port open and the broker logged that it started.
        port_open "$KAFKA_PORT" && grep -q "Kafka Server started" "$SERVER_LOG" 2>/dev/null
    fi
}

render_config() {
    mkdir -p "$DATA_DIR"
    sed -e "s|@KAFKA_PORT@|$KAFKA_PORT|g" \
        -e "s|@CONTROLLER_PORT@|$CONTROLLER_PORT|g" \
        -e "s|@DATA_DIR@|$DATA_DIR|g" \
        -e "s|@AUTO_CREATE@|$AUTO_CREATE|g" \
        "$TEMPLATE" >"$PROPS.tmp"
    mv "$PROPS.tmp" "$PROPS"
    cat >"$LOG4J_PROPS" <<EOF
# written by deploy/kafka/local.sh; the broker's stdout goes to server.log
log4j.rootLogger=$LOG_LEVEL, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.network.RequestChannel\$=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.org.apache.kafka.common.utils.AppInfoParser=WARN
log4j.logger.org.apache.kafka.clients.NetworkClient=WARN
EOF
    # Kafka 4.x also has log4j-core on its classpath: give it a config too.
    cat >"$LOG4J2_PROPS" <<EOF
# written by deploy/kafka/local.sh (Kafka 4.x; logging itself goes through reload4j)
status = warn
appender.stdout.type = Console
appender.stdout.name = STDOUT
appender.stdout.layout.type = PatternLayout
appender.stdout.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = $LOG_LEVEL
rootLogger.appenderRef.stdout.ref = STDOUT
EOF
}

format_storage() {
    if [[ -f "$DATA_DIR/meta.properties" ]]; then
        return 0
    fi
    local cluster_id
    if [[ -s "$CLUSTER_ID_FILE" ]]; then
        cluster_id="$(cat "$CLUSTER_ID_FILE")"
    else
        cluster_id="$(java -cp "$(java_cp)" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)"
        [[ -n "$cluster_id" ]] || die "kafka.tools.StorageTool random-uuid printed nothing"
        echo "$cluster_id" >"$CLUSTER_ID_FILE"
    fi
    log "formatting storage ${DATA_DIR} (cluster id $cluster_id)"
    java -cp "$(java_cp)" -Dlog4j.configuration="file:$LOG4J_PROPS" \
        -Dlog4j2.configurationFile="$LOG4J2_PROPS" \
        kafka.tools.StorageTool format -t "$cluster_id" -c "$PROPS" \
        >>"$KAFKA_HOME/format.log" 2>&1 \
        || { tail -n 30 "$KAFKA_HOME/format.log" >&2; die "storage format failed"; }
}

fail_start() {
    local why="$1"
    log "ERROR: the Kafka broker did not come up: $why"
    log "---- last lines of $SERVER_LOG ----"
    tail -n 40 "$SERVER_LOG" >&2 2>/dev/null || true
    log "-----------------------------------"
    exit 1
}

wait_until_up() {
    local pid="$1" deadline=$((SECONDS + START_TIMEOUT))
    while ((SECONDS < deadline)); do
        if ! kill -0 "$pid" 2>/dev/null; then
            rm -f "$PID_FILE"
            fail_start "the JVM (pid $pid) exited"
        fi
        if broker_answers; then
            return 0
        fi
        sleep 0.5
    done
    fail_start "no answer on $BOOTSTRAP after ${START_TIMEOUT}s (pid $pid is still running; 'local.sh stop' ends it)"
}

# --------------------------------------------------------------------- start
start() {
    command -v java >/dev/null || die "java not found (Java 17+ is needed)"
    mkdir -p "$KAFKA_HOME"
    exec 9>"$LOCK_FILE"
    flock 9   # one start/stop at a time per state dir (parallel test sessions)

    local pid
    if pid="$(running_pid)"; then
        if broker_answers; then
            log "already running (pid $pid)"
            echo "$BOOTSTRAP"
            return 0
        fi
        log "pid $pid is starting up; waiting"
        wait_until_up "$pid"
        echo "$BOOTSTRAP"
        return 0
    fi
    rm -f "$PID_FILE"

    if port_open "$KAFKA_PORT"; then
        die "port $KAFKA_PORT on 127.0.0.1 is taken by a process this script did not start; stop it or set OBSLINE_KAFKA_PORT"
    fi
    if port_open "$CONTROLLER_PORT"; then
        die "controller port $CONTROLLER_PORT is taken; set OBSLINE_KAFKA_CONTROLLER_PORT"
    fi

    fetch
    render_config
    format_storage

    [[ -f "$SERVER_LOG" ]] && mv -f "$SERVER_LOG" "$SERVER_LOG.1"
    mkdir -p "$KAFKA_HOME/logs"
    # shellcheck disable=SC2086  # the option strings are word lists
    setsid nohup java $HEAP_OPTS \
        -server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError \
        -Djava.awt.headless=true \
        -Dlog4j.configuration="file:$LOG4J_PROPS" \
        -Dlog4j2.configurationFile="$LOG4J2_PROPS" \
        -Dkafka.logs.dir="$KAFKA_HOME/logs" \
        $EXTRA_JAVA_OPTS \
        -cp "$(java_cp)" kafka.Kafka "$PROPS" \
        </dev/null >"$SERVER_LOG" 2>&1 9>&- &
    pid=$!
    echo "$pid" >"$PID_FILE"
    log "started Kafka $KAFKA_VERSION (pid $pid), log ${SERVER_LOG}; waiting up to ${START_TIMEOUT}s"
    local t0=$SECONDS
    wait_until_up "$pid"
    log "broker up after $((SECONDS - t0))s; bootstrap: $BOOTSTRAP"
    echo "$BOOTSTRAP"
}

# ---------------------------------------------------------------------- stop
stop() {
    mkdir -p "$KAFKA_HOME"
    exec 9>"$LOCK_FILE"
    flock 9
    local pid
    if ! pid="$(running_pid)"; then
        rm -f "$PID_FILE"
        log "not running"
        return 0
    fi
    log "stopping pid $pid (TERM, KILL after ${STOP_TIMEOUT}s)"
    kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + STOP_TIMEOUT))
    while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do
        sleep 0.3
    done
    if kill -0 "$pid" 2>/dev/null; then
        log "still alive after ${STOP_TIMEOUT}s: KILL"
        kill -KILL "$pid" 2>/dev/null || true
        while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
    fi
    rm -f "$PID_FILE"
    log "stopped"
}

status() {
    local pid
    if pid="$(running_pid)"; then
        if broker_answers; then
            echo "running (pid $pid), bootstrap $BOOTSTRAP"
            return 0
        fi
        echo "process $pid is alive but the broker does not answer on $BOOTSTRAP"
        return 1
    fi
    echo "not running"
    return 3
}

reset() {
    stop
    case "$KAFKA_HOME" in
        "" | / | "$HOME" | "$REPO_ROOT") die "refusing to wipe '$KAFKA_HOME'" ;;
    esac
    rm -rf "$KAFKA_HOME"
    log "wiped $KAFKA_HOME"
}

show_env() {
    cat <<EOF
version=$KAFKA_VERSION
bootstrap=$BOOTSTRAP
controller=127.0.0.1:$CONTROLLER_PORT
home=$KAFKA_HOME
lib=$LIB_DIR
EOF
}

case "${1:-}" in
    fetch) fetch ;;
    start) start ;;
    stop) stop ;;
    status) status ;;
    restart) stop; start ;;
    reset) reset ;;
    env) show_env ;;
    *)
        echo "usage: $0 fetch|start|stop|status|restart|reset|env" >&2
        exit 2
        ;;
esac
