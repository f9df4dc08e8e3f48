"""Army Of Zero on screen: the table (screen.py) and its stylesheet (screen.tcss)."""
