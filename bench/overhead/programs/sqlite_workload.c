/* A database workload for the SQLite amalgamation, which run.sh fetches at bench time (the npm
 * package better-sqlite3 ships it as deps/sqlite3/sqlite3.c) rather than commit it: a temporary
 * in-memory database, rows inserted in transactions through prepared statements, an index built
 * after the load (as a bulk import would), then indexed point and range queries, a join with an
 * aggregate, an update through the index and a delete. Every query's results are folded into a
 * checksum that is printed, so that no work can be dropped, and the checksum is the same for
 * every build of the same size. Usage: sqlite_workload [rows] [query rounds] */
#include "sqlite3.h"
#include <stdio.h>
#include <stdlib.h>

static sqlite3 *db;

static void fail(const char *what) {
  fprintf(stderr, "sqlite_workload: %s: %s\n", what, sqlite3_errmsg(db));
  exit(1);
}

static void exec(const char *sql) {
  char *message = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) {
    fprintf(stderr, "sqlite_workload: %s: %s\n", sql, message ? message : "?");
    exit(1);
  }
}

static sqlite3_stmt *prepare(const char *sql) {
  sqlite3_stmt *statement = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK)
    fail(sql);
  return statement;
}

/* Steps a statement to its end and folds every column of every row into the checksum. */
static unsigned long long drain(sqlite3_stmt *statement, unsigned long long sum) {
  int rc;
  while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
    for (int c = 0; c < sqlite3_column_count(statement); ++c)
      sum = sum * 1099511628211ull + (unsigned long long)sqlite3_column_int64(statement, c);
  }
  if (rc != SQLITE_DONE)
    fail("step");
  sqlite3_reset(statement);
  return sum;
}

/* A deterministic generator (xorshift64), so that every build inserts the same rows. */
static unsigned long long state = 88172645463325252ull;
static unsigned long long next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

int main(int argc, char **argv) {
  long rows = argc > 1 ? atol(argv[1]) : 200000;
  long rounds = argc > 2 ? atol(argv[2]) : 4;
  long customers = rows / 20 + 1;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK)
    fail("open");
  exec("CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, region INTEGER);"
       "CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, amount INTEGER,"
       " day INTEGER, note TEXT);");

  /* The load: batches of 1000 rows per transaction, as an importer would commit them. */
  sqlite3_stmt *add_customer = prepare("INSERT INTO customer VALUES(?1, ?2, ?3)");
  sqlite3_stmt *add_order = prepare("INSERT INTO orders(customer, amount, day, note) "
                                    "VALUES(?1, ?2, ?3, ?4)");
  char text[64];
  exec("BEGIN");
  for (long i = 0; i < customers; ++i) {
    snprintf(text, sizeof text, "customer-%ld", (long)(next() % 1000000));
    sqlite3_bind_int64(add_customer, 1, i);
    sqlite3_bind_text(add_customer, 2, text, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(add_customer, 3, (long long)(next() % 16));
    if (sqlite3_step(add_customer) != SQLITE_DONE)
      fail("insert customer");
    sqlite3_reset(add_customer);
  }
  for (long i = 0; i < rows; ++i) {
    if (i % 1000 == 999) {
      exec("COMMIT");
      exec("BEGIN");
    }
    snprintf(text, sizeof text, "note %llx", next() % 0xffffff);
    sqlite3_bind_int64(add_order, 1, (long long)(next() % (unsigned long long)customers));
    sqlite3_bind_int64(add_order, 2, (long long)(next() % 10000));
    sqlite3_bind_int64(add_order, 3, (long long)(next() % 365));
    sqlite3_bind_text(add_order, 4, text, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(add_order) != SQLITE_DONE)
      fail("insert order");
    sqlite3_reset(add_order);
  }
  exec("COMMIT");
  exec("CREATE INDEX orders_customer ON orders(customer);"
       "CREATE INDEX orders_day ON orders(day, amount);");

  sqlite3_stmt *by_customer = prepare("SELECT id, amount FROM orders WHERE customer = ?1");
  sqlite3_stmt *by_day = prepare("SELECT count(*), sum(amount) FROM orders "
                                 "WHERE day BETWEEN ?1 AND ?1 + 6 AND amount > ?2");
  sqlite3_stmt *join = prepare("SELECT c.region, count(*), sum(o.amount) FROM orders o "
                               "JOIN customer c ON c.id = o.customer "
                               "WHERE o.day BETWEEN ?1 AND ?1 + 29 "
                               "GROUP BY c.region ORDER BY c.region");
  unsigned long long sum = 1469598103934665603ull;
  for (long r = 0; r < rounds; ++r) {
    /* Point queries through the index: one per 20 rows loaded. */
    for (long q = 0; q < rows / 20; ++q) {
      sqlite3_bind_int64(by_customer, 1, (long long)(next() % (unsigned long long)customers));
      sum = drain(by_customer, sum);
    }
    /* Range queries over the covering (day, amount) index. */
    for (long d = 0; d < 365; d += 7) {
      sqlite3_bind_int64(by_day, 1, d);
      sqlite3_bind_int64(by_day, 2, (long long)(next() % 5000));
      sum = drain(by_day, sum);
    }
    /* A join with grouping, per month. */
    for (long d = 0; d < 365; d += 30) {
      sqlite3_bind_int64(join, 1, d);
      sum = drain(join, sum);
    }
    /* Writes through the index, so that the b-trees change between rounds. */
    exec("BEGIN");
    char sql[128];
    snprintf(sql, sizeof sql, "UPDATE orders SET amount = amount + 1 WHERE day = %ld", r % 365);
    exec(sql);
    snprintf(sql, sizeof sql, "DELETE FROM orders WHERE customer = %ld", r % customers);
    exec(sql);
    exec("COMMIT");
  }
  sqlite3_finalize(add_customer);
  sqlite3_finalize(add_order);
  sqlite3_finalize(by_customer);
  sqlite3_finalize(by_day);
  sqlite3_finalize(join);
  sqlite3_close(db);
  printf("sqlite_workload %llx\n", sum);
  return 0;
}
