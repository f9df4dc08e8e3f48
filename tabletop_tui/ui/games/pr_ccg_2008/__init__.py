"""PR CCG (2008) on screen: the table (screen.py) and its stylesheet (screen.tcss)."""
