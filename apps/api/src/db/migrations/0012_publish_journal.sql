-- Reserved slot (replace with real statements or drop before committing).
SELECT 1;
