import { describeEachDialect } from '../../testing';

describeEachDialect('migrations', (fx) => {
  it('leaves no difference between the entities and the migrated schema (drift check)', async () => {
    const pending = await fx.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('reports nothing pending after migrating', async () => {
    expect(await fx.dataSource.showMigrations()).toBe(false);
  });

  it('reverts every migration down to an empty schema and applies them again', async () => {
    const migrations = fx.dataSource.migrations.length;
    expect(migrations).toBeGreaterThan(0);
    for (let i = 0; i < migrations; i++) await fx.dataSource.undoLastMigration({ transaction: 'each' });
    const tables: Array<{ name: string }> = await fx.dataSource.query(
      fx.dialect === 'mysql'
        ? 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()'
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    );
    expect(tables.map((t) => t.name)).toEqual(['migrations']);
    const applied = await fx.dataSource.runMigrations({ transaction: 'each' });
    expect(applied).toHaveLength(migrations);
    const pending = await fx.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries).toEqual([]);
  });
});
