// Builds examples/shop.sqlite, the example database of the bundled mcps/db server:
// 500 customers, 120 products and 20,000 orders (deterministic). Run: node examples/make-shop-db.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import initSqlJs from 'sql.js';

const here = path.dirname(new URL(import.meta.url).pathname);
const wasmDir = path.dirname(createRequire(import.meta.url).resolve('sql.js'));
const SQL = await initSqlJs({ locateFile: (f) => path.join(wasmDir, f) });
const db = new SQL.Database();
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

db.run(`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, city TEXT, country TEXT, created_at TEXT);
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT, price REAL NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), product_id INTEGER REFERENCES products(id), quantity INTEGER, status TEXT, ordered_at TEXT);
CREATE INDEX orders_customer ON orders(customer_id);
CREATE VIEW order_totals AS SELECT o.id, c.name AS customer, p.name AS product, o.quantity * p.price AS total, o.status FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.id = o.product_id;`);
const first = ['Ana', 'Bruno', 'Carla', 'Diogo', 'Eva', 'Filipe', 'Greta', 'Hugo', 'Ines', 'Joao', 'Kate', 'Luis', 'Maria', 'Nuno', 'Olga', 'Pedro'];
const last = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Costa', 'Martins', 'Smith', 'Jones', 'Garcia', 'Muller'];
const places = [['Lisbon', 'Portugal'], ['Porto', 'Portugal'], ['Madrid', 'Spain'], ['Paris', 'France'], ['Berlin', 'Germany'], ['London', 'UK'], ['Tokyo', 'Japan'], ['Austin', 'USA']];
db.run('BEGIN');
for (let i = 1; i <= 500; i++) {
  const [city, country] = pick(places);
  const name = `${pick(first)} ${pick(last)}`;
  db.run('INSERT INTO customers VALUES (?,?,?,?,?,?)', [i, name, `${name.toLowerCase().replace(' ', '.')}.${i}@example.com`, city, country, `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`]);
}
const cats = ['books', 'games', 'garden', 'kitchen', 'music', 'sports', 'tools', 'toys'];
for (let i = 1; i <= 120; i++) db.run('INSERT INTO products VALUES (?,?,?,?)', [i, `${pick(['Super', 'Eco', 'Mini', 'Pro', 'Classic'])} ${pick(cats)} item ${i}`, pick(cats), Math.round(rand() * 20000) / 100 + 1]);
const statuses = ['delivered', 'delivered', 'delivered', 'shipped', 'pending', 'cancelled', 'refunded'];
for (let i = 1; i <= 20000; i++) {
  db.run('INSERT INTO orders VALUES (?,?,?,?,?,?)', [i, 1 + Math.floor(rand() * 500), 1 + Math.floor(rand() * 120), 1 + Math.floor(rand() * 5), pick(statuses), `2026-${String(1 + Math.floor(rand() * 10)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`]);
}
db.run('COMMIT');
writeFileSync(path.join(here, 'shop.sqlite'), db.export());
console.log('wrote examples/shop.sqlite');
