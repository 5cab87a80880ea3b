-- The language a player chose in Account (issue 50, DESIGN.md §15): 'en', 'es' or 'pt-BR', or NULL when never chosen
-- (the app then follows the device, and the server the request's Accept-Language).
ALTER TABLE users ADD COLUMN language text;
