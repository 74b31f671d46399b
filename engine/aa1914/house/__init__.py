"""The Unofficial House Rules & Variants (seed 002): one module per option.

`catalog` names the options; `<option>.py` holds everything an option does (`base.HouseRule`);
`registry` composes the options a game was created with. This package's own `__init__` imports
nothing, so a phase module can import one option module without pulling in the others.
"""
