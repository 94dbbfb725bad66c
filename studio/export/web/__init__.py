"""File > Export Web Game and `studio export-web`: a folder (or zip) that plays a collection in
any browser with the studio's own engines, run there by Brython (studio/core/web_bundle.py, studio/web_player/), drawn with
sprites the studio's art paints at export (sprites.py)."""
