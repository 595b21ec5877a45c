-- A large synthetic bani registry for the export benchmark: apply after fixtures/corpus/schema.sql.
-- 600 banis (500 keys, 100 of them with a second variant), 40-1,800 lines each, about
-- 550,000 bani_lines in all; 60,000 lines and 20,000 extra_lines (no text, ids and Angs only).
-- Every fourth bani ends in Sri Dasam Granth lines, every 25th is Ardaas only.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
INSERT INTO lines (id, ang) SELECT i, 1 + i * 1429 / 60000 FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
INSERT INTO extra_lines (id, source) SELECT 100000 + i, CASE WHEN i > 18000 THEN 'ardaas' ELSE 'dasam' END FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
INSERT INTO banis (id, key, variant, is_default, title_en, title_gurmukhi)
SELECT i,
    printf('bani_%03d', CASE WHEN i <= 500 THEN i ELSE i - 500 END),
    CASE WHEN i <= 500 THEN '' ELSE 'printed' END,
    i <= 500,
    printf('Bani %d', i),
    CASE WHEN i % 3 = 0 THEN NULL ELSE printf('ਬਾਣੀ %d', i) END
FROM n;

CREATE TEMP TABLE sizes AS
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
SELECT i AS bani_id, 40 + (i * 7919) % 1761 AS n_lines, (i * 104729) % 58000 AS start FROM n;

WITH RECURSIVE x(bani_id, seq, n_lines, start) AS (
        SELECT bani_id, 1, n_lines, start FROM temp.sizes
        UNION ALL SELECT bani_id, seq + 1, n_lines, start FROM x WHERE seq < n_lines)
INSERT INTO bani_lines (bani_id, seq, line_id, extra_line_id)
SELECT bani_id, seq,
    CASE WHEN bani_id % 25 = 0 OR (bani_id % 4 = 0 AND seq * 10 > n_lines * 9) THEN NULL ELSE 1 + (start + seq) % 60000 END,
    CASE WHEN bani_id % 25 = 0 THEN 118001 + seq % 2000
         WHEN bani_id % 4 = 0 AND seq * 10 > n_lines * 9 THEN 100001 + (start + seq) % 18000 END
FROM x;

INSERT INTO bani_sets (set_name, position, bani_key) VALUES
    ('morning', 1, 'bani_001'), ('morning', 2, 'bani_002'), ('morning', 3, 'bani_003'),
    ('evening', 1, 'bani_004'), ('night', 1, 'bani_005'), ('popular', 1, 'bani_006');
INSERT INTO meta (key, value) VALUES ('extra_text_reviewed', 'false');
DROP TABLE temp.sizes;
